/**
 * An import, from any of the three ways in: `ticket/import`, then the ticket's detail page in place of the import
 * page, where its verification (查验中) is followed to its answer.
 */
import { useNavigate } from '@app/host-sdk/router';
import { showToast } from '@app/ui/feedback';
import { href } from '../../paths';
import { importTicket, type TicketImportBody } from '../tickets/tickets-api';

export function useImportTicket(): (body: TicketImportBody) => Promise<void> {
  const navigate = useNavigate();
  return async (body) => {
    const { ticket } = await importTicket(body);
    showToast({ icon: 'success', content: '已加入票夹' });
    navigate(href('ticketDetail', {}, { id: ticket.id }), { replace: true });
  };
}
