; Definitions in C (tree-sitter-c); C++ reads these after cpp.scm.
; Captures and pattern order: see ../trees.py.
(function_definition declarator: (_) @declarator) @def.function
(struct_specifier name: (type_identifier) @name body: (_)) @def.struct
(union_specifier name: (type_identifier) @name body: (_)) @def.struct
(enum_specifier name: (type_identifier) @name body: (_)) @def.enum
(type_definition declarator: (_) @declarator) @def.type
(enumerator name: (identifier) @name) @def.constant
(field_declaration declarator: (_) @declarator) @def.field
(preproc_def name: (identifier) @name) @def.macro
(preproc_function_def name: (identifier) @name) @def.macro
(translation_unit (declaration declarator: (_) @declarator) @def.variable)
