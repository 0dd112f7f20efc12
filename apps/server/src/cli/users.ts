import { usersCommand } from './users-command.ts';

const { code, stdout, stderr } = await usersCommand(process.argv.slice(2), process.env);
if (stdout) console.log(stdout);
if (stderr) console.error(stderr);
process.exitCode = code;
