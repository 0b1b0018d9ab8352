/** The goods form's calls: one goods to edit, and saving. */
import { callApi } from '@app/host-sdk/api-client';
import { LOAD_PROBLEM_CODES } from '@app/widgets/load-problem';
import type { Goods } from '@app/contract/goods';
import { goodsRevision } from '../../features/company-goods/goods-changes';
import type { SaveGoodsBody } from './goods-form-rules';

/** One goods to edit; an unknown one or another company's the form page says itself (`load-problem`). */
export function getGoods(id: string): Promise<Goods> {
  return callApi('goods/get', { id }, { handles: LOAD_PROBLEM_CODES });
}

export function saveGoods(body: SaveGoodsBody): Promise<Goods> {
  return goodsRevision.after(callApi('goods/save', body, { noRepeat: true }));
}
