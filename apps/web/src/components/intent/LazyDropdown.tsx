import { Dropdown } from 'antd';
import { lazyPopup } from './LazyPopup';

/** antd's Dropdown (click-opened), mounted once its IntentScope is armed (see LazyPopup). */
export const LazyDropdown = lazyPopup(Dropdown, { trigger: ['click'] });
