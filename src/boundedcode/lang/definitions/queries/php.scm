; Definitions in PHP (tree-sitter-php).
; Captures and pattern order: see ../trees.py.
(namespace_definition name: (namespace_name) @name) @def.module
(class_declaration name: (name) @name) @def.class
(interface_declaration name: (name) @name) @def.interface
(trait_declaration name: (name) @name) @def.trait
(enum_declaration name: (name) @name) @def.enum
(function_definition name: (name) @name) @def.function
(method_declaration name: (name) @name) @def.method
(const_declaration (const_element (name) @name)) @def.constant
(property_declaration (property_element name: (variable_name (name) @name))) @def.property
(class_declaration name: (name) @receiver
  body: (declaration_list (method_declaration parameters: (formal_parameters
    (property_promotion_parameter name: (variable_name (name) @name)) @def.property))))
(enum_case name: (name) @name) @def.constant
