/** The company's goods' revision: every change made on these screens notes it, the cached list reloads after one. */
import { createRevision } from '@app/ui/list-revision';

export const goodsRevision = createRevision();
