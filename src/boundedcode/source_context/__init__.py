"""`source.context`: bounded lexical context over the git objects of a pinned commit.

Public API: `load_profile` reads the operator's profile, `run_query` answers one
request (storing a capture when given a context directory), `verify_context`
checks a context moved from elsewhere. The CLI glue is in `command`.
"""

from .config import (DEFAULT_EXTENSIONS, Profile, ProjectLimits, SourceAnalysisSettings,
                     load_profile, parse_profile)
from .context import CONTRACT, Context, verify_context
from .errors import ContextError, QueryLimitError, QueryTimeout, RequestError, ResultTooLarge
from .query import KIND, STATUS_COMPLETE, STATUS_PARTIAL, run_query

__all__ = ["CONTRACT", "Context", "ContextError", "DEFAULT_EXTENSIONS", "KIND", "Profile",
           "ProjectLimits", "QueryLimitError", "QueryTimeout", "RequestError", "ResultTooLarge",
           "STATUS_COMPLETE", "STATUS_PARTIAL", "SourceAnalysisSettings", "load_profile",
           "parse_profile", "run_query", "verify_context"]
