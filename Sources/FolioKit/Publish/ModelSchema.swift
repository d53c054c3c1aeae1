/// The JSON Schema of `model.json` (draft 2020-12), published as `model.schema.json` and shown in the guide.
enum ModelSchema {
    static let json = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "model.schema.json",
          "title": "Folio page model",
          "description": "One page of a Folio site as a table data model: an intro, then sections of rows, each section shown by a container view.",
          "type": "object",
          "required": ["version", "title", "url", "absoluteURL", "view", "intro", "introRows", "sections"],
          "properties": {
            "version": {"const": 1, "description": "Bumped when a field changes meaning or goes away."},
            "title": {"type": "string"},
            "url": {"type": "string", "description": "The page's path in the site, from its root: /guide/setup/."},
            "absoluteURL": {"type": ["string", "null"], "description": "baseURL joined with url; null without an absolute baseURL."},
            "view": {"$ref": "#/$defs/view"},
            "intro": {"type": "string", "description": "The blocks before the first section, as HTML."},
            "introRows": {"type": "array", "items": {"$ref": "#/$defs/row"}},
            "sections": {"type": "array", "items": {"$ref": "#/$defs/section"}}
          },
          "$defs": {
            "view": {
              "type": "string",
              "description": "list, paged, tabs or segmented, or a nesting such as 'tabs > paged'.",
              "pattern": "^(list|paged|tabs|segmented)( > (list|paged|tabs|segmented))*$"
            },
            "row": {
              "type": "object",
              "required": ["kind", "html", "text"],
              "properties": {
                "kind": {"enum": ["paragraph", "list-item", "code", "quote", "html", "thematic-break", "heading", "other"]},
                "html": {"type": "string"},
                "text": {"type": "string", "description": "Plain text, for a cell's label or search."}
              }
            },
            "section": {
              "type": "object",
              "required": ["id", "title", "text", "level", "view", "container", "rows", "sections"],
              "properties": {
                "id": {"type": "string", "description": "The heading's id: url + '#' + id opens it on the web."},
                "title": {"type": "string", "description": "The heading as inline HTML."},
                "text": {"type": "string", "description": "The heading as plain text."},
                "level": {"type": "integer", "minimum": 1, "maximum": 6},
                "anchors": {
                  "type": "array", "items": {"type": "string"},
                  "description": "Other ids that open this heading: the names of <a name> anchors written inside it."
                },
                "view": {"$ref": "#/$defs/view", "description": "How this section's subsections are shown."},
                "container": {
                  "type": "array", "minItems": 1,
                  "items": {"enum": ["list", "paged", "tabs", "segmented"]},
                  "description": "The containers this section sits in, outermost first: ['tabs', 'paged'] is a page inside a tab."
                },
                "rows": {"type": "array", "items": {"$ref": "#/$defs/row"}},
                "sections": {"type": "array", "items": {"$ref": "#/$defs/section"}}
              }
            }
          }
        }

        """#
}
