// `npm run photos:migrate` (docs/operations.md): the photos of DATA_DIR/uploads into the S3 bucket.
import { runPhotosMigrate } from './photos.ts';

await runPhotosMigrate();
