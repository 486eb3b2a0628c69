; Definitions in Kotlin (tree-sitter-kotlin).
; Captures and pattern order: see ../trees.py.
(class_declaration "interface" name: (identifier) @name) @def.interface
(class_declaration (modifiers (class_modifier "enum")) name: (identifier) @name) @def.enum
(class_declaration name: (identifier) @name) @def.class
(object_declaration name: (identifier) @name) @def.class
(companion_object name: (identifier) @name) @def.class
(type_alias type: (identifier) @name) @def.type
(function_declaration [(user_type) (nullable_type)] @receiver "." name: (identifier) @name) @def.function
(function_declaration name: (identifier) @name) @def.function
(property_declaration (modifiers (property_modifier "const")) (variable_declaration (identifier) @name))
  @def.constant
(source_file (property_declaration (variable_declaration (identifier) @name)) @def.property)
(class_body (property_declaration (variable_declaration (identifier) @name)) @def.property)
(class_parameter ["val" "var"] (identifier) @name) @def.property
(enum_entry (identifier) @name) @def.constant
