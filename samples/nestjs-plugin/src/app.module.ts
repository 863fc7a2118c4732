import { Module } from '@nestjs/common';
import { DocketService, DocketStore } from './docket.service';

@Module({ providers: [DocketStore, DocketService] })
export class AppModule {}
