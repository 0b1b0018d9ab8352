/**
 * The trip form's fields and their rules: the domain's (`@app/domain/taxi-trip`), so the form says what the server
 * would. Kilometres are typed and sent as whole metres, yuan typed and sent as fen.
 */
import { parseYuan } from '@app/domain/money';
import {
  kilometresToMetres,
  tripDistanceProblem,
  tripFareProblem,
  tripTimeProblem,
  TRIP_DISTANCE_MESSAGES,
  TRIP_FARE_MESSAGES,
  TRIP_TIME_MESSAGES,
} from '@app/domain/taxi-trip';
import type { FormInstance, Rule } from '@app/ui/form';
import type { CallBody } from '@app/contract/api';

export interface TripFormValues {
  startTime: Date | null;
  endTime: Date | null;
  fromPlace: string;
  toPlace: string;
  distance: string;
  fare: string;
}

/** A trip that has just ended: now, and a quarter of an hour before (to the minute). */
export function freshValues(now = new Date()): TripFormValues {
  const end = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  return { startTime: new Date(end.getTime() - 15 * 60_000), endTime: end, fromPlace: '', toPlace: '', distance: '', fare: '' };
}

export const FARE_SHAPE_MESSAGE = '车费应为金额，最多两位小数';

export const startRule: Rule = { required: true, message: '请选择上车时间' };

/** The end time against the start time, as the domain judges a trip's times now. */
export function endRule(form: FormInstance): Rule {
  return {
    validator: async (_, endTime: Date | null) => {
      if (!endTime) throw new Error('请选择下车时间');
      const startTime = form.getFieldValue('startTime') as Date | null;
      if (!startTime) return;
      const problem = tripTimeProblem({ startTime, endTime }, new Date());
      if (problem) throw new Error(TRIP_TIME_MESSAGES[problem]);
    },
  };
}

export const placeRule = (what: string): Rule => ({ required: true, whitespace: true, message: `请填写${what}` });

export const distanceRule: Rule = {
  validator: async (_, text: string | undefined) => {
    if (!text?.trim()) throw new Error('请填写里程');
    const problem = tripDistanceProblem(kilometresToMetres(text));
    if (problem) throw new Error(TRIP_DISTANCE_MESSAGES[problem]);
  },
};

export const fareRule: Rule = {
  validator: async (_, text: string | undefined) => {
    if (!text?.trim()) throw new Error('请填写车费');
    const fen = parseYuan(text);
    if (fen === null) throw new Error(FARE_SHAPE_MESSAGE);
    const problem = tripFareProblem(fen);
    if (problem) throw new Error(TRIP_FARE_MESSAGES[problem]);
  },
};

/** The body of `taxiTrip/create` for a checked form. */
export function toCreateBody(carId: string, values: TripFormValues): CallBody<'taxiTrip/create'> {
  if (!values.startTime || !values.endTime) throw new Error('未校验的行程');
  return {
    carId,
    startTime: values.startTime.toISOString(),
    endTime: values.endTime.toISOString(),
    fromPlace: values.fromPlace.trim(),
    toPlace: values.toPlace.trim(),
    distanceMetres: kilometresToMetres(values.distance) ?? 0,
    fareFen: parseYuan(values.fare) ?? 0,
  };
}

/** A refused field of the request → the form's field. */
export function formFieldOf(path: string): string | null {
  const fields: Record<string, string> = {
    distanceMetres: 'distance',
    fareFen: 'fare',
    startTime: 'startTime',
    endTime: 'endTime',
    fromPlace: 'fromPlace',
    toPlace: 'toPlace',
  };
  return fields[path] ?? null;
}
