; Definitions in C++ (tree-sitter-cpp), before c.scm. tree-sitter-cpp reads `class EXPORT_MACRO Name {`
; as a function definition whose body holds the members (`public:` becoming a label);
; the first four patterns recover that class.
; Captures and pattern order: see ../trees.py.
(function_definition type: (class_specifier) declarator: (identifier) @name) @def.class
(function_definition type: (struct_specifier) declarator: (identifier) @name) @def.struct
(function_definition type: [(class_specifier) (struct_specifier)]
  body: (compound_statement (declaration declarator: (_) @declarator) @def.field))
(function_definition type: [(class_specifier) (struct_specifier)]
  body: (compound_statement (labeled_statement (declaration declarator: (_) @declarator) @def.field)))
(class_specifier name: (type_identifier) @name body: (_)) @def.class
(namespace_definition name: (namespace_identifier) @name) @def.module
(alias_declaration name: (type_identifier) @name) @def.type
(namespace_definition body: (declaration_list (declaration declarator: (_) @declarator) @def.variable))
