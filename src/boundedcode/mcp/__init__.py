"""The MCP server (`bcode mcp`): `server` holds it, `tools` the one definition of its tools.

Nothing is imported here, so `boundedcode.mcp` never shadows the `mcp` SDK and the
SDK is imported only when the server starts.
"""
