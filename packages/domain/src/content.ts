/** Layout data shapes shared by the server and the storefront (SPEC §3). */

export interface CategoryChild {
  id: number;
  name: string;
}
export interface Category {
  id: number;
  name: string;
  logo: string;
  logo1: string;
  children: CategoryChild[];
}
export interface NavItem {
  id: number;
  name: string;
  url: string;
  image: string;
  is_open: number;
  children: NavItem[];
}
export interface HotSearch {
  name: string;
  url: string;
}
export interface Ad {
  id: number;
  url: string;
  image: string;
  title?: string;
}
export interface SideLink {
  id: number;
  url: string;
  image: string;
  name?: string;
}
export interface HelpCategory {
  id: number;
  name: string;
  children: { id: number; name: string; url?: string }[];
}
export interface BrandSummary {
  id: number;
  name: string;
  logo: string;
}
/** The common-data reply (`GET /api/common`). */
export interface CommonData {
  rnss: HotSearch[];
  nav: NavItem[];
  category: Category[];
  category_yx: Category[];
  category_zy: Category[];
  category_qx: Category[];
  brand: BrandSummary[];
  timestamp: number;
  site: SiteInfo;
  /**
   * True when a production server runs on development providers (DEV_PROVIDERS=on, a demo):
   * the storefront then shows that SMS, WeChat, payment and logistics are simulated.
   */
  dev_providers: boolean;
}
/** Site-wide texts for the header and footer, edited by the operator. */
export interface SiteInfo {
  title: string;
  hot_line: string;
  complaint_line: string;
  service_name: string;
  service_phone: string;
  icp: string;
  pharmacy_licence: string;
  device_licence: string;
  food_licence: string;
  internet_drug_licence: string;
  company: string;
  address: string;
  wechat_qr: string;
  qq1: string;
  qq2: string;
}
