; Definitions in JavaScript only (tree-sitter-javascript), after ecmascript.scm.
; Captures and pattern order: see ../trees.py.
(field_definition property: (_) @name) @def.field
