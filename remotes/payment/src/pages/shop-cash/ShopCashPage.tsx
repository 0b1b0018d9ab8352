/** `/shop/{code}` as a route of the host (a link or a short link followed inside the app): the cash desk (ShopCash.tsx). */
import { useNavigate, useParams } from '@app/host-sdk/router';
import { ShopCash } from './ShopCash';

export default function ShopCashPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  return <ShopCash code={code} navigate={(to) => void navigate(to)} />;
}
