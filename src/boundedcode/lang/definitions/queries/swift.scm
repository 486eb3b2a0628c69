; Definitions in Swift (tree-sitter-swift). An `extension` is a scope: it adds to a type, it defines nothing.
; Captures and pattern order: see ../trees.py.
(class_declaration declaration_kind: "extension" name: (_) @name) @scope
(class_declaration declaration_kind: "struct" name: (type_identifier) @name) @def.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name) @def.enum
(class_declaration name: (type_identifier) @name) @def.class
(protocol_declaration name: (type_identifier) @name) @def.interface
(typealias_declaration name: (type_identifier) @name) @def.type
(function_declaration name: (simple_identifier) @name) @def.function
(protocol_function_declaration name: (simple_identifier) @name) @def.method
(init_declaration "init" @name) @def.method
(source_file (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @def.variable)
(class_body (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @def.property)
(enum_class_body (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @def.property)
(protocol_body (protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name))
  @def.property)
(enum_entry name: (simple_identifier) @name) @def.constant
