import { configure } from '@testing-library/react';

// The order pages load antd's heavier parts (tabs, date pickers, uploads, modals) on their
// first render and read files with FileReader: on a busy machine one second is not always
// enough for findBy/waitFor. Imported by the order tests only.
configure({ asyncUtilTimeout: 5000 });
