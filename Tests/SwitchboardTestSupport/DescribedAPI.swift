/// A description whose operations need what `--validate` checks: a path
/// parameter of a format, required query parameters and headers, an API
/// key or a bearer token, a JSON body with required fields. The suggested
/// request of each must get its documented success.
public enum DescribedAPI {
    public static let manifest = "openapi: api.yaml\nvalidate: true\n"

    public static let spec = """
        openapi: 3.0.3
        info: { title: Shop, version: "1" }
        components:
          securitySchemes:
            bearer: { type: http, scheme: bearer }
            key: { type: apiKey, in: header, name: X-Api-Key }
            queryKey: { type: apiKey, in: query, name: api_key }
          schemas:
            Order:
              type: object
              required: [item, quantity]
              properties:
                id: { type: integer, readOnly: true }
                item: { type: string, minLength: 3 }
                quantity: { type: integer, minimum: 1, maximum: 9 }
        paths:
          /orders/{orderId}:
            get:
              operationId: getOrder
              security: [ { key: [] } ]
              parameters:
                - { name: orderId, in: path, required: true, schema: { type: string, format: uuid } }
                - { name: limit, in: query, required: true, schema: { type: integer, minimum: 5 } }
                - { name: X-Trace, in: header, required: true, schema: { type: string, enum: [fast, slow] } }
              responses:
                '200': { description: ok, content: { application/json: { example: { id: 1 } } } }
          /orders:
            post:
              operationId: placeOrder
              security: [ { bearer: [] } ]
              requestBody:
                required: true
                content: { application/json: { schema: { $ref: '#/components/schemas/Order' } } }
              responses:
                '201': { description: placed, content: { application/json: { example: { id: 2 } } } }
          /reports:
            get:
              operationId: report
              security: [ { queryKey: [] } ]
              parameters:
                - { name: day, in: query, required: true, schema: { type: string, format: date }, example: "2026-12-01" }
              responses:
                '200': { description: ok, content: { text/plain: { example: fine } } }
        """
}
