/** The goods form's calls: one goods to edit, and saving. */
import { callApi } from '@app/host-sdk/api-client';
import type { Goods } from '@app/contract/goods';
import { goodsRevision } from '../my-company-goods/goods-changes';
import type { SaveGoodsBody } from './goods-form-rules';

export function getGoods(id: string): Promise<Goods> {
  return callApi('goods/get', { id });
}

export function saveGoods(body: SaveGoodsBody): Promise<Goods> {
  return goodsRevision.after(callApi('goods/save', body, { noRepeat: true }));
}
