; Definitions in JavaScript and TypeScript alike (read first by both grammars).
; Captures and pattern order: see ../trees.py.
(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(class_declaration name: (_) @name) @def.class
(method_definition name: (_) @name) @def.method
(variable_declarator name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @def.function
(pair key: (property_identifier) @name value: [(arrow_function) (function_expression)]) @def.function
(assignment_expression
  left: (member_expression object: (member_expression object: (identifier) @receiver
                                                      property: (property_identifier) @_prototype)
                           property: (property_identifier) @name)
  right: [(function_expression) (arrow_function)]
  (#eq? @_prototype "prototype")) @def.method
(program (lexical_declaration (variable_declarator name: (identifier) @name) @def.variable))
(program (variable_declaration (variable_declarator name: (identifier) @name) @def.variable))
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name) @def.variable)))
(program (export_statement (variable_declaration (variable_declarator name: (identifier) @name) @def.variable)))
