/** The two registration flows share their pages; only titles, paths and SMS scene differ. */
export interface RegisterFlow {
  kind: 'new' | 'store';
  title: string;
  scene: 'register' | 'store';
  step2: string;
  step3: string;
}

export const NEW_MEMBER: RegisterFlow = {
  kind: 'new',
  title: '会员注册',
  scene: 'register',
  step2: '/register/step2',
  step3: '/register/step3',
};

export const NEW_STORE: RegisterFlow = {
  kind: 'store',
  title: '多店注册',
  scene: 'store',
  step2: '/register/dd/step2',
  step3: '/register/dd/step3',
};
