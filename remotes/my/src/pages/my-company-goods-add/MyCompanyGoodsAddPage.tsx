/**
 * `/my/companyGoods/add` adds goods; `?id=<id>` edits those (one screen: 新增商品 / 编辑商品). Managers only: the
 * server refuses anyone else. After 保存成功 it goes to `returnUrl` when one was given (a path of the app), else back
 * to where the user came from (the goods list, or the invoice form's goods picker), else to the goods list.
 */
import { useState } from 'react';
import { sameOriginPath } from '@app/domain/return-path';
import { useNavigate, useSearchParams } from '@app/host-sdk/router';
import { showToast } from '@app/ui/feedback';
import { FormPage, useEditedRecord, useGoBack } from '@app/widgets/form-page';
import { href } from '../../paths';
import { getGoods, saveGoods } from './goods-add-api';
import { GoodsForm } from './GoodsForm';
import { shapeOf, type SaveGoodsBody } from './goods-form-rules';
import './my-company-goods-add.css';

export default function MyCompanyGoodsAddPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const returnTo = sameOriginPath(params.get('returnUrl'));
  const navigate = useNavigate();
  const goBack = useGoBack();
  // Loaded again each time the page is shown, so an edit starts from what is stored.
  const { loaded, retry } = useEditedRecord(id, getGoods);
  /** A new form after each save: the page stays alive in the page cache, and the next visit starts empty. */
  const [formVersion, setFormVersion] = useState(0);

  async function submit(body: SaveGoodsBody) {
    await saveGoods(body);
    showToast({ icon: 'success', content: '保存成功' });
    setFormVersion((version) => version + 1);
    if (returnTo) navigate(returnTo, { replace: true });
    else goBack(href('myCompanyGoods'));
  }

  return (
    <FormPage
      title={id ? '编辑商品' : '新增商品'}
      loaded={loaded}
      failedTitle="商品加载失败"
      missingTitle="商品不存在"
      onRetry={retry}
      skeletonLines={6}
    >
      {(goods, version) => (
        <GoodsForm
          key={`${id ?? 'new'}:${version}:${formVersion}`}
          id={id}
          initial={goods ? shapeOf(goods) : undefined}
          onSubmit={submit}
        />
      )}
    </FormPage>
  );
}
