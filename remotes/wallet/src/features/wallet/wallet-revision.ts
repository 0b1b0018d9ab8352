/** The wallet's revision: a withdrawal notes it, so the cached balance and lists load again when shown next. */
import { createRevision } from '@app/ui/list-revision';

export const walletRevision = createRevision();
