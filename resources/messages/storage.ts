import type { Text } from '../types';

/** Messages the server sends from storage's calls: the English key and its text in both languages. */
export const storageMessages: Record<string, Text> = {
  'no such database': { 'zh-CN': '数据库实例不存在', en: 'No such database' },
  'no such request': { 'zh-CN': '异步请求不存在', en: 'No such request' },
  'only a running database can do this': { 'zh-CN': '只有运行中的数据库实例才能执行该操作', en: 'Only a running database can do this' },
  'the database already has this instance type': { 'zh-CN': '该数据库实例已是这种规格', en: 'The database already has this instance type' },
  'this username is reserved': { 'zh-CN': '该用户名为保留名称', en: 'This username is reserved' },
  'a username may not start with root, pg_ or tencentdb_': { 'zh-CN': '用户名不能以 root、pg_ 或 tencentdb_ 开头', en: 'A username may not start with root, pg_ or tencentdb_' },
  'MySQL databases are not available on this deployment: no MySQL server is configured': { 'zh-CN': '本部署不提供 MySQL 数据库：没有配置 MySQL 服务器', en: 'MySQL databases are not available on this deployment: no MySQL server is configured' },
  'Redis databases are not available on this deployment: no Redis server is configured': { 'zh-CN': '本部署不提供 Redis 数据库：没有配置 Redis 服务器', en: 'Redis databases are not available on this deployment: no Redis server is configured' },
  'MongoDB databases are not available on this deployment: no MongoDB server is configured': { 'zh-CN': '本部署不提供 MongoDB 数据库：没有配置 MongoDB 服务器', en: 'MongoDB databases are not available on this deployment: no MongoDB server is configured' },
  'PostgreSQL databases are not available on this deployment: no PostgreSQL server is configured': { 'zh-CN': '本部署不提供 PostgreSQL 数据库：没有配置 PostgreSQL 服务器', en: 'PostgreSQL databases are not available on this deployment: no PostgreSQL server is configured' },
  'a password needs a lowercase letter, an uppercase letter, a digit and one of !@#^()': { 'zh-CN': '密码须包含小写字母、大写字母、数字和 !@#^() 中的一个符号', en: 'A password needs a lowercase letter, an uppercase letter, a digit and one of !@#^()' },
  'only an administrator lists every app’s databases': { 'zh-CN': '只有管理员可以列出所有应用的数据库实例', en: 'Only an administrator lists every app’s databases' },
  'only a finished backup can be restored': { 'zh-CN': '只有成功完成的备份才能用于恢复', en: 'Only a finished backup can be restored' },
  'the backup has not finished: there is nothing to download': { 'zh-CN': '备份尚未完成，没有可下载的文件', en: 'The backup has not finished: there is nothing to download' },
  'the database has no proxy address': { 'zh-CN': '该数据库实例没有代理地址', en: 'The database has no proxy address' },
  'no port of the proxy range is free': { 'zh-CN': '代理端口范围内没有空闲端口', en: 'No port of the proxy range is free' },
  'no such database in this app': { 'zh-CN': '本应用没有这个数据库实例', en: 'No such database in this app' },
  'the backup is of a {0} database; restore it into one of the same engine': { 'zh-CN': '这是 {0} 数据库的备份，只能恢复到同一引擎的实例', en: 'The backup is of a {0} database; restore it into one of the same engine' },
};
