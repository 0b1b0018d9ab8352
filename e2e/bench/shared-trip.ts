/** The benchmarks' shared trip: what a passenger's phone opens after scanning in the taxi. */
import { callApi } from '../support/sign-in';

/**
 * A trip the taxi company's driver (`driver`: a session token of 出租车管理员) records on the company's first car and
 * shares; returns the passenger's ride page for its share code (`/taxi/ride/{code}`, where `/t/{code}` leads).
 */
export async function sharedTripPath(baseUrl: string, driver: string): Promise<string> {
  const [car] = await callApi<{ id: string }[]>(baseUrl, 'taxiCar/getMyCars', {}, driver);
  if (!car) throw new Error('the demo taxi company has no car');
  const end = new Date(Date.now() - 60_000);
  const trip = await callApi<{ id: string }>(
    baseUrl,
    'taxiTrip/create',
    {
      carId: car.id,
      startTime: new Date(end.getTime() - 20 * 60_000).toISOString(),
      endTime: end.toISOString(),
      fromPlace: '杭州东站',
      toPlace: '西湖文化广场',
      distanceMetres: 12_500,
      fareFen: 4_650,
    },
    driver,
  );
  const { code } = await callApi<{ code: string }>(baseUrl, 'taxiTrip/shareTrip', { id: trip.id }, driver);
  return `/taxi/ride/${code}`;
}
