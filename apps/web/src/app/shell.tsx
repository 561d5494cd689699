/**
 * The root route's component: the shells of components/layouts, composed with the features they
 * need (the header's teaching back-office check and class-server jump) and the route guards of
 * docs/product.md §4 (app/guards.tsx).
 */
import { BackOfficeContext } from '@/components/layouts/back-office-context';
import { ClassServerContext } from '@/components/layouts/class-server-context';
import RootLayout from '@/components/layouts/root-layout';
import { useTeachingBackOffice } from '@/features/permission/api/get-permission';
import { useClassServerJumpFor } from '@/features/identity/hooks/use-class-server-jump';
import { IdentityGuard } from './guards';

export default function Shell() {
  return (
    <BackOfficeContext.Provider value={useTeachingBackOffice}>
      <ClassServerContext.Provider value={useClassServerJumpFor}>
        <IdentityGuard>
          <RootLayout />
        </IdentityGuard>
      </ClassServerContext.Provider>
    </BackOfficeContext.Provider>
  );
}
