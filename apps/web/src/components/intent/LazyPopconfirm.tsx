import { Popconfirm } from 'antd';
import { lazyPopup } from './LazyPopup';

/** antd's Popconfirm, mounted once its IntentScope is armed (see LazyPopup). */
export const LazyPopconfirm = lazyPopup(Popconfirm);
