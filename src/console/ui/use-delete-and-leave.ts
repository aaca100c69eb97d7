import { useState } from 'react';
import { notify, notifyAfterNavigation } from '../app/notify';
import { request } from '../lib/api';

/**
 * The delete of a record's own page: asked first in a confirmation (`asking`), then the page
 * leaves for `listRoute`, where the toast says it is done. A refusal (a record still in use) is
 * shown here, and the record stays with its page.
 */
export function useDeleteAndLeave(listRoute: string) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async (path: string, done: string) => {
    setBusy(true);
    try {
      await request(path, 'DELETE');
      notifyAfterNavigation('success', done);
      window.location.assign(listRoute);
    } catch (failure) {
      notify.error(failure);
      setBusy(false);
      setAsking(false);
    }
  };
  return { asking, busy, ask: () => setAsking(true), cancel: () => setAsking(false), remove };
}
