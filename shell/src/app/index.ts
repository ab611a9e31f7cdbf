// The async boundary Module Federation needs: the shared singletons (React,
// @duly/shared, …) are negotiated before any module that uses them runs.
void import('./bootstrap').then(({ bootstrap }) => bootstrap());
