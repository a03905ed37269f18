// zod-openapi's types add the fields its `.meta()` takes (`override`, `id`, ...) to zod's GlobalMeta by augmenting the
// module 'zod/v4', and the augmentation applies only when that module is in the program. The shop imports 'zod', so
// this file brings 'zod/v4' in (trpc-to-openapi's types used to, when server/rest imported its generator).
import type {} from 'zod/v4';
import type {} from 'zod-openapi';
