// Offline and installable: registers the service worker (../sw.js) and, when a new build is waiting,
// says so and offers to reload into it. Without service workers (an old browser, a file: URL) the page
// simply works online.

/**
 * Registers the service worker. `bar` is the element that announces a waiting update (its text is static,
 * translated with the page) and `reload` its button. Resolves the registration, or null when there is none.
 */
export async function registerOffline({ bar, reload }) {
  if (!('serviceWorker' in navigator)) return null;
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL('../sw.js', import.meta.url), { updateViaCache: 'none' });
  } catch (err) {
    console.warn(`offline use is not available: ${err.message}`);
    return null;
  }
  const offer = (worker) => {
    bar.hidden = false;
    reload.onclick = () => {
      reload.disabled = true;
      worker.postMessage('skip-waiting');
    };
  };
  // A new worker only waits when an older one controls the page (the first install activates at once).
  const watch = (worker) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
    });
  };
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  if (registration.installing) watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Only a reload the person asked for: the first install also changes the controller (clients.claim).
    if (!reloading && reload.disabled) {
      reloading = true;
      location.reload();
    }
  });
  return registration;
}
