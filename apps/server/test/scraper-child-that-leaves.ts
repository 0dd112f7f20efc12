// A crawler child that says it is ready and closes its channel at once, as one stopped or crashing just after
// it started does: the supervisor's answer to `ready` meets a closed pipe.
process.send?.({ type: 'ready' }, () => process.disconnect());
setTimeout(() => {}, 300);
