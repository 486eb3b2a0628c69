; Definitions in TypeScript and TSX (tree-sitter-typescript), after ecmascript.scm.
; Captures and pattern order: see ../trees.py.
(abstract_class_declaration name: (_) @name) @def.class
(interface_declaration name: (_) @name) @def.interface
(type_alias_declaration name: (_) @name) @def.type
(enum_declaration name: (_) @name) @def.enum
(internal_module name: (identifier) @name) @def.module
(module name: (identifier) @name) @def.module
(function_signature name: (identifier) @name) @def.function
(method_signature name: (_) @name) @def.method
(abstract_method_signature name: (_) @name) @def.method
(public_field_definition name: (_) @name) @def.field
(class_declaration name: (_) @receiver body: (class_body (method_definition parameters: (formal_parameters
  (required_parameter (accessibility_modifier) pattern: (identifier) @name) @def.field))))
(abstract_class_declaration name: (_) @receiver body: (class_body (method_definition parameters: (formal_parameters
  (required_parameter (accessibility_modifier) pattern: (identifier) @name) @def.field))))
(interface_body (property_signature name: (_) @name) @def.property)
(type_alias_declaration value: (object_type (property_signature name: (_) @name) @def.property))
(enum_body (property_identifier) @name @def.constant)
(enum_body (enum_assignment name: (property_identifier) @name) @def.constant)
