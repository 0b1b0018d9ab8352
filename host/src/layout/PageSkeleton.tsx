/** Shown while the first page of a visit loads. */
import { Skeleton } from '@app/ui/skeleton';

export function PageSkeleton() {
  return (
    <div style={{ padding: 16 }} role="status" aria-busy="true" aria-label="加载中">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={5} animated />
    </div>
  );
}
