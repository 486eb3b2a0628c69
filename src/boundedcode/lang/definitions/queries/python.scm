; Definitions in Python (tree-sitter-python).
; Captures and pattern order: see ../trees.py.
(class_definition name: (identifier) @name) @def.class
(function_definition name: (identifier) @name) @def.function
(type_alias_statement left: (type (identifier) @name)) @def.type
(module (expression_statement (assignment left: (identifier) @name) @def.variable))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name) @def.field)))
