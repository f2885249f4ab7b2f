import { z } from 'zod';

// Messages a schema does not set itself fall back to Chinese, so no English reaches a buyer.
z.config(z.locales.zhCN());
