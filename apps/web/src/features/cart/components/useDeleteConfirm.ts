import { useCallback } from 'react';
import { App } from 'antd';
import { CART_MESSAGES, MESSAGES } from '@kc/domain';
import { useBatchDelete } from '../api/batch-delete';

/** SPEC §8 delete confirmation, shared by the cart page and the drawer. */
export const DELETE_CONFIRM = MESSAGES.deleteConfirm;

/** Asks 确定删除这件商品吗? and deletes the lines when confirmed. */
export function useDeleteConfirm() {
  const { modal, message } = App.useApp();
  const { mutateAsync } = useBatchDelete();
  return useCallback(
    (ids: number[]) => {
      if (ids.length === 0) return;
      modal.confirm({
        title: DELETE_CONFIRM,
        content: ids.length > 1 ? `共 ${ids.length} 种商品` : undefined,
        okText: '确定',
        cancelText: '取消',
        okButtonProps: { danger: true },
        // The client has already shown why a delete failed.
        onOk: () =>
          mutateAsync(ids).then(
            () => void message.success(CART_MESSAGES.deleted),
            () => undefined,
          ),
      });
    },
    [modal, message, mutateAsync],
  );
}
