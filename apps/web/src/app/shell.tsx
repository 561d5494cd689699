/**
 * The root route's component: the shells of components/layouts, composed with the features they
 * need (the header's teaching back-office check).
 */
import { BackOfficeContext } from '@/components/layouts/back-office-context';
import RootLayout from '@/components/layouts/root-layout';
import { useTeachingBackOffice } from '@/features/permission/api/get-permission';

export default function Shell() {
  return (
    <BackOfficeContext.Provider value={useTeachingBackOffice}>
      <RootLayout />
    </BackOfficeContext.Provider>
  );
}
