// Standalone entry (webpack serve). The dynamic import is the async boundary: Module Federation
// settles the shared singletons (react, the store library, @duly/shared…) before bootstrap runs.
import('./bootstrap');
