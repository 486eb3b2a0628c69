; Definitions in C# (tree-sitter-c-sharp).
; Captures and pattern order: see ../trees.py.
(class_declaration name: (identifier) @name) @def.class
(record_declaration name: (identifier) @name) @def.class
(struct_declaration name: (identifier) @name) @def.struct
(interface_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.enum
(delegate_declaration name: (identifier) @name) @def.type
(namespace_declaration name: (_) @name) @def.module
(file_scoped_namespace_declaration name: (_) @name) @def.module
(method_declaration name: (identifier) @name) @def.method
(constructor_declaration name: (identifier) @name) @def.method
(local_function_statement name: (identifier) @name) @def.function
(property_declaration name: (identifier) @name) @def.property
(field_declaration (modifier "const") (variable_declaration (variable_declarator name: (identifier) @name)))
  @def.constant
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @def.field
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @def.field
(event_declaration name: (identifier) @name) @def.field
(enum_member_declaration name: (identifier) @name) @def.constant
