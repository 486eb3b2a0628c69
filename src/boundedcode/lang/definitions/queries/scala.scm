; Definitions in Scala (tree-sitter-scala).
; Captures and pattern order: see ../trees.py.
(class_definition name: (identifier) @name) @def.class
(object_definition name: (identifier) @name) @def.class
(trait_definition name: (identifier) @name) @def.trait
(enum_definition name: (identifier) @name) @def.enum
(type_definition name: (type_identifier) @name) @def.type
(function_definition name: (identifier) @name) @def.function
(function_declaration name: (identifier) @name) @def.function
(given_definition name: (identifier) @name) @def.variable
(compilation_unit (val_definition pattern: (identifier) @name) @def.variable)
(compilation_unit (var_definition pattern: (identifier) @name) @def.variable)
(template_body (val_definition pattern: (identifier) @name) @def.field)
(template_body (var_definition pattern: (identifier) @name) @def.field)
(simple_enum_case name: (identifier) @name) @def.constant
(full_enum_case name: (identifier) @name) @def.constant
