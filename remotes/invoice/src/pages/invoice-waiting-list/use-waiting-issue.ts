/**
 * 开具 (one application), 开具全部 and the notice's button that gets the tax bureau ready, each reloading the list
 * after; `issuing` is the row being issued, or 'all'.
 */
import { useState } from 'react';
import { ensureTaxReady } from '@app/host-sdk/dialogs';
import { Toast } from '@app/ui/toast';
import { issueWhenReady } from './issue-waiting';

export function useWaitingIssue(reload: () => void) {
  const [issuing, setIssuing] = useState<string | null>(null);

  async function issue(ids: string[] | null, key: string) {
    setIssuing(key);
    try {
      const results = await issueWhenReady(ids, ensureTaxReady);
      if (results) Toast.show({ icon: 'success', content: `已提交 ${results.length} 张发票开具` });
    } catch {
      // The API client has shown the error.
    } finally {
      setIssuing(null);
      reload();
    }
  }

  async function getReady() {
    if (await ensureTaxReady()) Toast.show({ icon: 'success', content: '已就绪，可以开具了' });
    reload();
  }

  return {
    issuing,
    issueOne: (id: string) => void issue([id], id),
    issueAll: () => void issue(null, 'all'),
    getReady: () => void getReady(),
  };
}
