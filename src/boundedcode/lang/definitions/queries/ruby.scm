; Definitions in Ruby (tree-sitter-ruby).
; Captures and pattern order: see ../trees.py.
(class name: (_) @name) @def.class
(module name: (_) @name) @def.module
(method name: (_) @name) @def.function
(singleton_method name: (_) @name) @def.method
(assignment left: (constant) @name) @def.constant
(call method: (identifier) @_attr arguments: (argument_list (simple_symbol) @name)
  (#match? @_attr "^attr_(reader|writer|accessor)$")) @def.property
