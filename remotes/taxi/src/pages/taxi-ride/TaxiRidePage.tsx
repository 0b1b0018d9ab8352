/** `/taxi/ride/{code}` as a route of the host (a short link followed inside the app): the ride page (TaxiRide.tsx). */
import { useNavigate, useParams } from '@app/host-sdk/router';
import { TaxiRide } from './TaxiRide';

export default function TaxiRidePage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  return <TaxiRide code={code} navigate={(to) => void navigate(to)} />;
}
