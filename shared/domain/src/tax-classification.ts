/**
 * The goods and services tax classification (商品和服务税收分类编码表): the entries a company's goods are classified
 * by, each a 19-digit code (the code of its level, padded with zeros) with the short name printed on the invoice
 * (`*简称*商品名称`) and its full name. This is the common part of the national table that the goods form offers and
 * the server checks `goods/save` against (one list for both, so they say the same thing).
 */
export interface TaxClassification {
  /** 19 digits. */
  code: string;
  /** 简称: printed between asterisks before the goods name. */
  shortName: string;
  /** The name of the entry in the table. */
  name: string;
  /** Everyday words a search should find it by. */
  keywords?: string;
}

export const TAX_CLASSIFICATIONS: readonly TaxClassification[] = [
  // 货物: 农林牧渔业产品
  { code: '1010101020000000000', shortName: '谷物', name: '稻谷', keywords: '水稻 粮食' },
  { code: '1010101030000000000', shortName: '谷物', name: '小麦', keywords: '麦子 粮食' },
  { code: '1010101040000000000', shortName: '谷物', name: '玉米', keywords: '苞米 粮食' },
  { code: '1010112000000000000', shortName: '蔬菜', name: '蔬菜', keywords: '农产品 青菜 菜' },
  { code: '1010115000000000000', shortName: '水果', name: '园林水果', keywords: '苹果 梨 橘子 香蕉 西瓜' },
  { code: '1010116000000000000', shortName: '坚果', name: '坚果', keywords: '核桃 板栗 干果' },
  { code: '1010118000000000000', shortName: '茶叶', name: '茶及饮料原料', keywords: '毛茶 绿茶 红茶' },
  { code: '1010301000000000000', shortName: '牲畜', name: '牲畜', keywords: '猪 牛 羊 活畜' },
  { code: '1010302000000000000', shortName: '家禽', name: '家禽', keywords: '鸡 鸭 鹅' },
  { code: '1010303000000000000', shortName: '鲜蛋', name: '禽蛋', keywords: '鸡蛋 鸭蛋 蛋' },
  { code: '1010501000000000000', shortName: '水产品', name: '海水产品', keywords: '鱼 虾 海鲜' },
  // 食品、饮料、烟、酒
  { code: '1030101010000000000', shortName: '谷物加工品', name: '大米', keywords: '米 粮油' },
  { code: '1030101020000000000', shortName: '谷物加工品', name: '小麦粉', keywords: '面粉 粮油' },
  { code: '1030103000000000000', shortName: '食用植物油', name: '食用植物油', keywords: '花生油 菜籽油 大豆油 粮油' },
  { code: '1030107000000000000', shortName: '肉及肉制品', name: '屠宰及肉类加工品', keywords: '猪肉 牛肉 冻肉 火腿 香肠' },
  { code: '1030108000000000000', shortName: '水产加工品', name: '水产加工品', keywords: '鱼干 冻鱼 海产' },
  { code: '1030201000000000000', shortName: '焙烤食品', name: '焙烤食品', keywords: '面包 蛋糕 饼干 糕点' },
  { code: '1030202000000000000', shortName: '糖果', name: '糖果、巧克力及蜜饯', keywords: '巧克力 蜜饯 零食' },
  { code: '1030203000000000000', shortName: '方便食品', name: '方便食品', keywords: '方便面 速冻食品 零食' },
  { code: '1030204000000000000', shortName: '乳制品', name: '乳制品', keywords: '牛奶 酸奶 奶粉' },
  { code: '1030205000000000000', shortName: '罐头', name: '罐头食品', keywords: '罐头' },
  { code: '1030206000000000000', shortName: '调味品', name: '调味品、发酵制品', keywords: '酱油 醋 味精 盐 调料' },
  { code: '1030301000000000000', shortName: '酒', name: '酒', keywords: '白酒 啤酒 葡萄酒 黄酒' },
  { code: '1030302000000000000', shortName: '饮料', name: '饮料', keywords: '矿泉水 果汁 碳酸饮料 咖啡 瓶装水' },
  { code: '1030303000000000000', shortName: '茶叶', name: '精制茶', keywords: '茶 绿茶 红茶 乌龙茶' },
  { code: '1030401000000000000', shortName: '烟草制品', name: '卷烟', keywords: '香烟 烟' },
  // 纺织、服装、皮革
  { code: '1040101000000000000', shortName: '纺织产品', name: '纱', keywords: '棉纱 纺织' },
  { code: '1040201000000000000', shortName: '服装', name: '机织服装', keywords: '衣服 西装 衬衫 工作服 制服' },
  { code: '1040202000000000000', shortName: '服装', name: '针织或钩针编织服装', keywords: '衣服 T恤 毛衣 运动服' },
  { code: '1040204000000000000', shortName: '鞋', name: '鞋', keywords: '皮鞋 运动鞋 靴子' },
  { code: '1040303000000000000', shortName: '箱包', name: '箱包', keywords: '皮包 行李箱 书包' },
  // 木材、家具、纸、印刷品、文体用品
  { code: '1050201000000000000', shortName: '家具', name: '木质家具', keywords: '桌子 椅子 柜子 办公家具' },
  { code: '1050202000000000000', shortName: '家具', name: '金属家具', keywords: '铁柜 货架 办公家具' },
  { code: '1060599000000000000', shortName: '纸制品', name: '其他纸制品', keywords: '办公用品 打印纸 复印纸 A4 纸箱 纸巾' },
  { code: '1060601000000000000', shortName: '印刷品', name: '书、报刊印刷品', keywords: '印刷 宣传册 画册' },
  { code: '1060602000000000000', shortName: '图书', name: '图书', keywords: '书 书籍 教材' },
  { code: '1060701000000000000', shortName: '文具', name: '文具', keywords: '办公用品 笔 本子 文件夹 订书机' },
  { code: '1060703000000000000', shortName: '体育用品', name: '体育用品', keywords: '球 健身器材 运动' },
  { code: '1060704000000000000', shortName: '玩具', name: '玩具', keywords: '玩具 儿童' },
  // 石油、化工、医药、日用
  { code: '1070101010000000000', shortName: '汽油', name: '汽油', keywords: '油费 燃油 加油' },
  { code: '1070101030000000000', shortName: '柴油', name: '柴油', keywords: '油费 燃油 加油' },
  { code: '1070213000000000000', shortName: '日用化学产品', name: '日用化学产品', keywords: '洗衣液 洗发水 沐浴露 牙膏 化妆品 清洁剂' },
  { code: '1070301000000000000', shortName: '化学药品制剂', name: '化学药品制剂', keywords: '药 西药 药品' },
  { code: '1070302000000000000', shortName: '中成药', name: '中成药', keywords: '药 中药 药品' },
  { code: '1070307000000000000', shortName: '卫生材料及医药用品', name: '卫生材料及医药用品', keywords: '口罩 纱布 医用耗材' },
  { code: '1070401000000000000', shortName: '塑料制品', name: '塑料制品', keywords: '塑料袋 包装 塑料' },
  // 金属、建材
  { code: '1080101000000000000', shortName: '水泥', name: '水泥', keywords: '建材' },
  { code: '1080105000000000000', shortName: '建筑用石', name: '建筑用石', keywords: '石材 建材 砂石' },
  { code: '1080201000000000000', shortName: '钢材', name: '钢材', keywords: '钢筋 钢板 型钢 建材' },
  { code: '1080299000000000000', shortName: '金属制品', name: '其他金属制品', keywords: '五金 工具 螺丝' },
  // 机械、电子设备
  { code: '1090101000000000000', shortName: '机械设备', name: '通用设备', keywords: '机器 设备 机床' },
  { code: '1090201000000000000', shortName: '汽车', name: '机动车', keywords: '汽车 轿车 客车 货车' },
  { code: '1090206000000000000', shortName: '汽车零部件', name: '汽车零部件及配件', keywords: '配件 轮胎 汽配' },
  { code: '1090401000000000000', shortName: '家用电器', name: '家用电力器具', keywords: '冰箱 空调 洗衣机 电视 电器' },
  { code: '1090419000000000000', shortName: '照明器具', name: '照明器具', keywords: '灯 灯具 LED' },
  { code: '1090511000000000000', shortName: '计算机', name: '电子计算机', keywords: '电脑 笔记本 台式机 服务器' },
  { code: '1090512000000000000', shortName: '计算机配套产品', name: '计算机外部设备', keywords: '打印机 显示器 键盘 鼠标 硬盘' },
  { code: '1090515000000000000', shortName: '通信设备', name: '通信设备', keywords: '手机 路由器 交换机 电话' },
  { code: '1090599000000000000', shortName: '电子元件', name: '电子元件及组件', keywords: '芯片 电子 电路板' },
  // 劳务
  { code: '2010000000000000000', shortName: '加工劳务', name: '加工劳务', keywords: '加工 来料加工' },
  { code: '2020000000000000000', shortName: '修理修配劳务', name: '修理修配劳务', keywords: '维修 修理 保养' },
  // 服务: 交通运输、邮政、电信
  { code: '3010101010000000000', shortName: '陆路旅客运输服务', name: '铁路旅客运输服务', keywords: '火车票 客运' },
  {
    code: '3010101020000000000',
    shortName: '陆路旅客运输服务',
    name: '其他陆路旅客运输服务',
    keywords: '出租车 客运 打车 车费 公交 网约车',
  },
  { code: '3010102020000000000', shortName: '陆路货物运输服务', name: '其他陆路货物运输服务', keywords: '货运 运费 物流 公路运输' },
  { code: '3010201000000000000', shortName: '水路运输服务', name: '水路旅客运输服务', keywords: '船票 轮渡' },
  { code: '3010301000000000000', shortName: '航空运输服务', name: '航空旅客运输服务', keywords: '机票 航空' },
  { code: '3020000000000000000', shortName: '邮政服务', name: '邮政服务', keywords: '邮寄 邮费' },
  { code: '3030100000000000000', shortName: '基础电信服务', name: '基础电信服务', keywords: '话费 通话 宽带' },
  { code: '3030200000000000000', shortName: '增值电信服务', name: '增值电信服务', keywords: '流量 短信 互联网接入 云服务' },
  // 现代服务
  { code: '3040000000000000000', shortName: '现代服务', name: '现代服务', keywords: '服务' },
  { code: '3040101000000000000', shortName: '研发和技术服务', name: '研发服务', keywords: '研发 技术开发' },
  { code: '3040105000000000000', shortName: '研发和技术服务', name: '专业技术服务', keywords: '检测 测绘 工程设计 技术服务' },
  { code: '3040201000000000000', shortName: '信息技术服务', name: '软件服务', keywords: '软件 开发 技术服务 IT' },
  { code: '3040201990000000000', shortName: '信息技术服务', name: '其他软件服务', keywords: '软件 开发 技术服务 IT 系统 运维' },
  { code: '3040203000000000000', shortName: '信息技术服务', name: '信息系统服务', keywords: '系统集成 运维 数据处理 托管' },
  { code: '3040301000000000000', shortName: '文化创意服务', name: '设计服务', keywords: '设计 平面设计 装潢设计' },
  { code: '3040303000000000000', shortName: '文化创意服务', name: '广告服务', keywords: '广告 宣传 推广' },
  { code: '3040304000000000000', shortName: '文化创意服务', name: '会议展览服务', keywords: '会议 会务 展览 会展' },
  { code: '3040406000000000000', shortName: '物流辅助服务', name: '仓储服务', keywords: '仓储 仓库 存储' },
  { code: '3040407000000000000', shortName: '物流辅助服务', name: '收派服务', keywords: '快递 配送 收派' },
  { code: '3040502010000000000', shortName: '经营租赁', name: '有形动产经营租赁服务', keywords: '租赁 租车 设备租赁' },
  { code: '3040502020000000000', shortName: '经营租赁', name: '不动产经营租赁服务', keywords: '房租 租金 场地租赁 房屋租赁' },
  { code: '3040602000000000000', shortName: '咨询服务', name: '咨询服务', keywords: '咨询 顾问 财务咨询 税务咨询' },
  { code: '3040801000000000000', shortName: '企业管理服务', name: '企业管理服务', keywords: '物业 管理费 物业管理' },
  { code: '3040802000000000000', shortName: '经纪代理服务', name: '经纪代理服务', keywords: '代理 中介 代理记账' },
  { code: '3040803000000000000', shortName: '人力资源服务', name: '人力资源服务', keywords: '劳务派遣 人力 外包 招聘' },
  { code: '3040804000000000000', shortName: '安全保护服务', name: '安全保护服务', keywords: '保安 安保' },
  { code: '3049900000000000000', shortName: '现代服务', name: '其他现代服务', keywords: '服务费' },
  // 建筑服务
  { code: '3050100000000000000', shortName: '建筑服务', name: '工程服务', keywords: '施工 工程 建筑' },
  { code: '3050200000000000000', shortName: '建筑服务', name: '安装服务', keywords: '安装 设备安装' },
  { code: '3050300000000000000', shortName: '建筑服务', name: '修缮服务', keywords: '修缮 维修 翻新' },
  { code: '3050400000000000000', shortName: '建筑服务', name: '装饰服务', keywords: '装修 装饰 装潢' },
  { code: '3050500000000000000', shortName: '建筑服务', name: '其他建筑服务', keywords: '拆除 平整 绿化' },
  // 金融服务
  { code: '3060100000000000000', shortName: '贷款服务', name: '贷款服务', keywords: '利息 贷款' },
  { code: '3060200000000000000', shortName: '直接收费金融服务', name: '直接收费金融服务', keywords: '手续费 金融' },
  { code: '3060300000000000000', shortName: '保险服务', name: '保险服务', keywords: '保险 保费' },
  // 生活服务
  { code: '3070101000000000000', shortName: '文化服务', name: '文化服务', keywords: '演出 文艺 培训' },
  { code: '3070102000000000000', shortName: '体育服务', name: '体育服务', keywords: '健身 场馆 运动' },
  { code: '3070201000000000000', shortName: '教育服务', name: '教育服务', keywords: '培训 学费 课程 教育' },
  { code: '3070202000000000000', shortName: '医疗服务', name: '医疗服务', keywords: '医疗 体检 诊疗' },
  { code: '3070301000000000000', shortName: '旅游服务', name: '旅游服务', keywords: '旅游 团费 门票' },
  { code: '3070302000000000000', shortName: '娱乐服务', name: '娱乐服务', keywords: 'KTV 游戏 娱乐' },
  { code: '3070401000000000000', shortName: '餐饮服务', name: '餐饮服务', keywords: '餐费 饭店 外卖 餐饮 堂食' },
  { code: '3070402000000000000', shortName: '住宿服务', name: '住宿服务', keywords: '住宿费 酒店 宾馆 民宿' },
  { code: '3070501000000000000', shortName: '居民日常服务', name: '居民日常服务', keywords: '美容 美发 洗染 家政 保洁' },
  { code: '3079900000000000000', shortName: '生活服务', name: '其他生活服务', keywords: '服务费' },
];

const BY_CODE = new Map(TAX_CLASSIFICATIONS.map((entry) => [entry.code, entry]));

export function findTaxClassification(code: string): TaxClassification | null {
  return BY_CODE.get(code) ?? null;
}

/** Whether a code and short name are an entry of the table: what `goods/save` accepts. */
export function isListedClassification(code: string, shortName: string): boolean {
  return findTaxClassification(code)?.shortName === shortName.trim();
}

/**
 * The entries a keyword finds: a code prefix (digits), or a part of the short name, the name or the keywords; the
 * closest first (code prefix or short name, then name, then keywords), in the table's order within each.
 */
export function searchTaxClassifications(keyword: string, limit = 20): TaxClassification[] {
  const wanted = keyword.trim().toLowerCase();
  if (!wanted) return TAX_CLASSIFICATIONS.slice(0, limit);
  const rank = (entry: TaxClassification): number => {
    if (/^\d+$/.test(wanted)) return entry.code.startsWith(wanted) ? 0 : -1;
    if (entry.shortName.toLowerCase().includes(wanted)) return 0;
    if (entry.name.toLowerCase().includes(wanted)) return 1;
    if (entry.keywords?.toLowerCase().includes(wanted)) return 2;
    return -1;
  };
  return TAX_CLASSIFICATIONS.map((entry, index) => ({ entry, index, rank: rank(entry) }))
    .filter((hit) => hit.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, Math.max(0, limit))
    .map((hit) => hit.entry);
}
