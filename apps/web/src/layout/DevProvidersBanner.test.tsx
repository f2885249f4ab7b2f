import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DevProvidersBanner } from './DevProvidersBanner';

describe('the development providers banner', () => {
  it('says that SMS, WeChat, payment and logistics are simulated when the server flags it', () => {
    render(<DevProvidersBanner show />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '开发环境服务：短信、微信、支付、物流为模拟，不会真实发送或扣款',
    );
  });

  it('shows nothing otherwise (development, or before /api/common answers)', () => {
    const { container } = render(
      <>
        <DevProvidersBanner show={false} />
        <DevProvidersBanner show={undefined} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
