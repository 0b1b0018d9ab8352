/** The user's titles' revision: every change made through titles-api.ts notes it, and a cached title list reloads after one. */
import { createRevision } from '@app/ui/list-revision';

export const titlesRevision = createRevision();
