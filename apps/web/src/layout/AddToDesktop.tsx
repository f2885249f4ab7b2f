import { HoverPanel } from '../shared/ui/HoverPanel';

/**
 * Browsers give pages no API to create a desktop shortcut (the old IE/Firefox bookmark calls
 * are gone), so the link explains the two gestures that work everywhere.
 */
const HOW_TO = (
  <div>
    <div>浏览器不支持网页自动创建桌面快捷方式，您可以：</div>
    <div>1. 按 Ctrl+D（Mac 按 ⌘+D）将本站加入收藏夹；</div>
    <div>2. 将地址栏左侧的网站图标直接拖到桌面；</div>
    <div>3. Chrome / Edge：菜单 › 保存并分享 › 创建快捷方式。</div>
  </div>
);

export function AddToDesktop({ className }: { className?: string }) {
  return (
    <HoverPanel content={HOW_TO} title="添加到桌面">
      <button type="button" className={className}>
        添加到桌面
      </button>
    </HoverPanel>
  );
}
