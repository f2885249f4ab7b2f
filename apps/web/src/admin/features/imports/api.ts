import type { ImportJobView, ImportKind, ImportReport } from '@kc/domain';
import { api } from '../../../shared/api';

/** `POST /api/admin/{kind}/import` (docs/api/admin-import.md): a dry run or a commit. */
export const importFile = (kind: ImportKind, file: File, dryRun: boolean, job: string) =>
  api.upload<ImportReport>(
    `/api/admin/${kind}/import`,
    { dry_run: dryRun ? 1 : 0, job },
    { file },
    // The page shows the refusal itself, beside the file it is about.
    { silent: true },
  );

/** `GET /api/admin/imports/:job`: the progress of a running import (and its report once done). */
export const importJob = (job: string) =>
  api.get<ImportJobView>(`/api/admin/imports/${job}`, undefined, { silent: true });

export const templatePath = (kind: ImportKind) => `/api/admin/import_templates/${kind}`;
export const GOODS_EXPORT_PATH = '/api/admin/goods/export';
export const LOTS_EXPORT_PATH = '/api/admin/lots/export';
