#pragma once

// The vocabulary SyntheticKnowledgeBase makes its records of: domains and
// their categories, English phrases with their Chinese renderings, signature
// tails, root causes, dead ends, workarounds, and the ranges of dates and
// links. Data only; SyntheticKnowledgeBase.cpp puts it together.

#include <QDate>

#include <iterator>

namespace Errata::SyntheticVocabulary {

struct Domain
{
    const char *name;
    const char *package;
    const char *prefixes[3];
    const char *host;
};

inline const Domain Domains[] = {
    {"pytorch", "torch", {"RuntimeError", "torch.cuda.OutOfMemoryError", "ValueError"}, "pytorch.org"},
    {"python", "python", {"ModuleNotFoundError", "OSError", "TypeError"}, "docs.python.org"},
    {"docker", "docker", {"Error response from daemon", "docker: Error", "failed to solve"}, "docs.docker.com"},
    {"git", "git", {"fatal", "error", "hint"}, "git-scm.com"},
    {"kubernetes", "kubectl", {"Warning  Failed", "Error from server", "Back-off"}, "kubernetes.io"},
    {"node", "node", {"Error", "TypeError", "Uncaught Error"}, "nodejs.org"},
    {"cuda", "cuda", {"CUDA error", "cudaErrorMemoryAllocation", "nvcc fatal"}, "docs.nvidia.com"},
    {"tensorflow", "tensorflow", {"ResourceExhaustedError", "InvalidArgumentError", "NotFoundError"}, "tensorflow.org"},
    {"rust", "rustc", {"error[E0382]", "error[E0599]", "thread 'main' panicked"}, "doc.rust-lang.org"},
    {"go", "go", {"panic", "fatal error", "go: error"}, "go.dev"},
    {"java",
     "java",
     {"java.lang.OutOfMemoryError", "java.lang.IllegalStateException", "java.io.IOException"},
     "docs.oracle.com"},
    {"gradle",
     "gradle",
     {"FAILURE", "Execution failed for task ':app:compileJava'", "Could not resolve"},
     "docs.gradle.org"},
    {"maven", "mvn", {"[ERROR] Failed to execute goal", "[ERROR] BUILD FAILURE", "[WARNING]"}, "maven.apache.org"},
    {"npm", "npm", {"npm ERR! code ERESOLVE", "npm ERR! code EACCES", "npm ERR! network"}, "docs.npmjs.com"},
    {"pip", "pip", {"ERROR: Could not install packages", "ERROR: pip's dependency resolver", "error"}, "pip.pypa.io"},
    {"conda", "conda", {"CondaHTTPError", "UnsatisfiableError", "PackagesNotFoundError"}, "docs.conda.io"},
    {"postgres", "postgresql", {"FATAL", "ERROR", "PANIC"}, "www.postgresql.org"},
    {"mysql", "mysql", {"ERROR 1045 (28000)", "ERROR 2002 (HY000)", "ERROR 1213 (40001)"}, "dev.mysql.com"},
    {"redis", "redis-server", {"(error) OOM", "MISCONF", "READONLY"}, "redis.io"},
    {"nginx", "nginx", {"nginx: [emerg]", "[error]", "[crit]"}, "nginx.org"},
    {"terraform",
     "terraform",
     {"Error: Invalid provider configuration", "Error: Error acquiring the state lock", "Error"},
     "developer.hashicorp.com"},
    {"aws",
     "awscli",
     {"An error occurred (AccessDenied)", "botocore.exceptions.NoCredentialsError",
      "An error occurred (ThrottlingException)"},
     "docs.aws.amazon.com"},
    {"webpack", "webpack", {"Module not found: Error", "ERROR in", "webpack compiled with 1 error"}, "webpack.js.org"},
    {"linux", "linux", {"kernel: Out of memory", "bash", "systemd[1]"}, "www.kernel.org"},
    {"ssl",
     "openssl",
     {"SSL routines", "ssl.SSLCertVerificationError", "curl: (60) SSL certificate problem"},
     "www.openssl.org"},
};
inline constexpr int DomainCount = int(std::size(Domains));

inline const char *const Categories[] = {
    "memory_error", "module_error",  "network_error",    "permission_error", "config_error",
    "build_error",  "runtime_error", "version_conflict", "timeout",          "io_error",
    "auth_error",   "syntax_error",  "resource_limit",   "dependency_error",
};
inline constexpr int CategoriesPerDomain = 10;

// An English phrase and its Chinese rendering.
struct Pair
{
    const char *en;
    const char *zh;
};

inline const Pair Verbs[] = {
    {"failed to allocate", "无法分配"},
    {"cannot open", "无法打开"},
    {"could not connect to", "无法连接到"},
    {"unable to resolve", "无法解析"},
    {"timed out waiting for", "等待超时："},
    {"refused to load", "拒绝加载"},
    {"lost connection to", "断开连接："},
    {"cannot find", "找不到"},
    {"permission denied for", "权限被拒绝："},
    {"invalid value in", "无效的值："},
    {"out of memory while allocating", "分配时内存不足："},
    {"unexpected end of", "意外结束："},
    {"checksum mismatch in", "校验和不匹配："},
    {"deadlock detected on", "检测到死锁："},
    {"connection refused by", "连接被拒绝："},
    {"too many open", "打开过多的"},
    {"version conflict in", "版本冲突："},
    {"module not found in", "找不到模块："},
};

inline const Pair Objects[] = {
    {"memory", "内存"},
    {"buffer", "缓冲区"},
    {"socket", "套接字"},
    {"device", "设备"},
    {"module", "模块"},
    {"port", "端口"},
    {"file handle", "文件句柄"},
    {"cache", "缓存"},
    {"shared segment", "共享段"},
    {"access token", "访问令牌"},
    {"certificate", "证书"},
    {"lock", "锁"},
    {"worker", "工作进程"},
    {"thread", "线程"},
    {"stream", "流"},
    {"cuda kernel", "CUDA 内核"},
    {"shard", "分片"},
    {"volume", "卷"},
    {"connection pool", "连接池"},
    {"descriptor", "描述符"},
    {"cuda context", "CUDA 上下文"},
    {"index", "索引"},
    {"tensor", "张量"},
    {"gradient", "梯度"},
    {"image", "镜像"},
    {"container", "容器"},
    {"node", "节点"},
    {"database", "数据库"},
    {"config file", "配置文件"},
    {"package", "软件包"},
    {"dependency", "依赖"},
    {"driver", "驱动程序"},
    {"disk", "磁盘"},
    {"network", "网络"},
    {"timeout budget", "超时预算"},
    {"scheduler", "调度器"},
};

inline const Pair States[] = {
    {"exhausted", "已耗尽"},
    {"held by another process", "被另一个进程占用"},
    {"not initialised", "尚未初始化"},
    {"misconfigured", "配置错误"},
    {"out of date", "已过期"},
    {"locked", "被锁定"},
    {"too small for the workload", "对当前负载来说太小"},
    {"incompatible with the installed driver", "与已安装的驱动不兼容"},
};

inline const Pair Events[] = {
    {"is restarted", "重启"},          {"is upgraded", "升级"},
    {"runs out of space", "空间不足"}, {"is accessed from several threads", "被多个线程访问"},
    {"is loaded twice", "被加载两次"}, {"times out", "超时"},
    {"is rotated", "被轮换"},          {"is rebuilt", "被重新构建"},
};

// A number in a signature with the words around it.
struct Tail
{
    const char *enBefore;
    const char *enAfter;
    const char *zhBefore;
    const char *zhAfter;
    int low;
    int high;
};

inline const Tail Tails[] = {
    {"after ", " ms", "（", " 毫秒后）", 10, 30000},
    {"on device ", "", "（设备 ", "）", 0, 7},
    {"at line ", "", "（第 ", " 行）", 1, 4000},
    {"(code ", ")", "（代码 ", "）", 1, 255},
    {"with status ", "", "（状态 ", "）", 100, 599},
    {"in block ", "", "（块 ", "）", 0, 65535},
    {"(", " bytes requested)", "（请求 ", " 字节）", 512, 1 << 30},
    {"on port ", "", "（端口 ", "）", 1024, 65535},
    {"in worker ", "", "（工作进程 ", "）", 0, 63},
};

// Root cause sentences: {object} {state} {other} {event} {package} {version} {os} ...
inline const Pair CauseSentences[] = {
    {"The {object} is {state} when the {other} {event}.", "当{other}{event}时，{object}{state}。"},
    {"This is seen most often with {package} {version} on {os}, where the default {object} limit is lower.",
     "这种情况最常见于 {os} 上的 {package} {version}，那里默认的{object}上限更低。"},
    {"Retrying does not help: the {other} keeps the {object} until the process exits, so every later request "
     "fails the same way.",
     "重试没有用：{other}会一直占用{object}直到进程退出，所以之后的每个请求都会以同样的方式失败。"},
    {"The message names the {object}, but the real cause is usually the {other}, which {event} without "
     "releasing it.",
     "错误信息提到的是{object}，但真正的原因通常是{other}，它在{event}时没有释放资源。"},
};

struct DeadEndText
{
    const char *action;
    const char *whyFails;
};

inline const DeadEndText DeadEndTexts[] = {
    {"Restarting the {other} and trying again",
     "The {object} is {state} again as soon as the {other} {event}, so the error comes back within minutes."},
    {"Raising the {object} limit to {limit}",
     "The limit is not what runs out: the {other} holds the {object} until the process exits."},
    {"Reinstalling {package} from scratch",
     "{package} {version} reads the same settings on start-up, so a fresh install behaves exactly like the old one."},
    {"Clearing the {object} cache", "The cache is rebuilt on the next run and the {object} is {state} again."},
    {"Setting {env}=1 in the shell profile",
     "The variable is read only when the {other} starts, and the {other} is started before the profile is loaded."},
    {"Downgrading {package} to an older release",
     "Older releases have the same {object} handling and add unrelated incompatibilities on {os}."},
    {"Running the command as root",
     "The {object} is {state} for every user; root only hides the message until the next {other} restart."},
};

struct WorkaroundText
{
    const char *action;
    const char *how;
    const char *zh;
};

inline const WorkaroundText WorkaroundTexts[] = {
    {"Pin {package} to {version}",
     "Add {package}=={version} to the requirements or lock file and rebuild the environment.",
     "将 {package} 固定为 {version}"},
    {"Raise the {object} limit to {limit}",
     "Set {env}={limit} before starting the {other}, or pass --{slug}-limit {limit} on the command line.",
     "把{object}上限提高到 {limit}"},
    {"Release the {object} before the {other} {event}",
     "Close the {object} explicitly in a finally block or a context manager, so that nothing holds it when the {other} "
     "{event}.",
     "在{other}{event}之前释放{object}"},
    {"Run the {other} with {env}={limit}",
     "Export {env}={limit} in the service definition so the {other} sees it at start-up.",
     "使用 {env}={limit} 运行{other}"},
    {"Upgrade {package} to {newer}",
     "{package} {newer} fixes the {object} handling; upgrade, then restart the {other}.",
     "将 {package} 升级到 {newer}"},
    {"Move the {object} to a separate {other}",
     "Give the {object} its own {other} so that a restart of one does not leave the other {state}.",
     "把{object}移到单独的{other}中"},
};

inline const char *const Tradeoffs[] = {
    "Needs a restart of the {other}.",
    "Uses more {object} on every run.",
    "Older releases of {package} stop getting security fixes.",
    "Hides the symptom on {os} but not the cause.",
};

inline const char *const Delays[] = {"seconds", "minutes", "hours", "days"};
inline const char *const OsNames[] = {"linux", "windows", "macos"};
inline const char *const Tiers[] = {"ai_generated", "human_reviewed", "community_verified", "expert_verified"};
inline const char *const CauseTypes[] = {"generic", "version_specific", "os_specific", "hardware_specific",
                                         "config_specific"};
inline const char *const EnvVars[] = {"MAX_WORKERS",  "CACHE_SIZE", "POOL_SIZE",
                                      "BUFFER_LIMIT", "OPEN_FILES", "RETRY_COUNT"};
inline const char *const Tags[] = {
    "memory", "gpu",     "cuda",   "network", "dns",      "tls",     "permissions", "filesystem",
    "docker", "ci",      "build",  "install", "upgrade",  "config",  "locking",     "threads",
    "cache",  "timeout", "linux",  "macos",   "windows",  "modules", "packaging",   "database",
    "auth",   "proxy",   "kernel", "storage", "encoding", "startup",
};

inline const QDate NewestDate(2026, 11, 15);
inline const QDate OldestFirstSeen(2012, 1, 1);
inline constexpr int LinkWindow = 40;
inline constexpr int StampFormat = 1;

} // namespace Errata::SyntheticVocabulary
