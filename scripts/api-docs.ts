// `npm run api:docs`: writes docs/api/schema.d.ts (TypeScript types of every path, for clients
// built with openapi-fetch or similar) from the OpenAPI document the routes produce.
import fs from 'node:fs';
import path from 'node:path';
import { API_DOCS_DIR, currentApiDocs } from '../server/test/api-docs.ts';

const { types } = await currentApiDocs();
fs.mkdirSync(API_DOCS_DIR, { recursive: true });
fs.writeFileSync(path.join(API_DOCS_DIR, 'schema.d.ts'), types);
console.log(`${API_DOCS_DIR}/schema.d.ts atualizado`);
