/**
 * `/invoice/task/list` (never cached): every tax-bureau task of the company — login, face authentication, blue and
 * red invoices — newest first, filtered by status; a row opens the task's detail.
 */
import { useState } from 'react';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { PagedList } from '@app/ui/paged-list';
import { Tabs } from '@app/ui/tabs';
import { href } from '../../paths';
import type { TaskView } from '@app/contract/task';
import { isFilterKey, STATUS_FILTERS, statusOf, type FilterKey } from './status-filter';
import { getMyTasks } from './task-list-api';
import { TaskRow } from './TaskRow';
import './task-list-page.css';

export default function InvoiceTaskListPage() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<FilterKey>('all');
  const emptyText = STATUS_FILTERS.find((item) => item.key === filter)?.empty ?? '';

  return (
    <Page title="开票任务">
      <PagedList<TaskView>
        queryKey={filter}
        load={(page) => getMyTasks(statusOf(filter), page)}
        itemKey={(task) => task.id}
        renderItem={(task) => <TaskRow task={task} />}
        header={
          <Tabs className="task-list__tabs" activeKey={filter} onChange={(key) => isFilterKey(key) && setFilter(key)}>
            {STATUS_FILTERS.map((item) => (
              <Tabs.Tab key={item.key} title={item.title} />
            ))}
          </Tabs>
        }
        empty={{
          description: emptyText,
          action: (
            <Button color="primary" size="small" onClick={() => navigate(href('invoiceCreate'))}>
              开具发票
            </Button>
          ),
        }}
      />
    </Page>
  );
}
